export const CLIENT_REPORT_REQUEST_DEFAULTS = {
  isSolo: true,
  currentPage: 0,
  itemsPerPage: 10,
  searchString: '',
  orderBy: 'First Name',
  orderDirection: 'asc',
} as const;

export const CLIENT_REPORT_FILE_NAME = 'client-report.csv';
