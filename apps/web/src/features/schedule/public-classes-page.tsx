import { Container, Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { CompanyBrand } from '../public-company/company-branding.tsx';
import { usePublicCompany } from '../public-company/api/get-public-company.ts';
import { Timetable } from './timetable.tsx';

/** `/app/classes` (spec §2 public list): the company's timetable for anyone with its link. */
export function PublicClassesPage() {
  const { company = '' } = useParams();
  const brand = usePublicCompany(company);
  usePageTitle(brand.data ? `Classes at ${brand.data.name}` : 'Classes');
  return (
    <Container size="sm" py="lg" component="main" id="main">
      <Stack gap="md">
        {brand.data ? <CompanyBrand company={brand.data} align="start" /> : null}
        <Stack gap={4}>
          <Title order={1}>Classes</Title>
          <Text c="dimmed">Times are the studio’s local times. Open a class for its details.</Text>
        </Stack>
        <Timetable company={company} detailsPath={(id) => `details/${id}`} />
      </Stack>
    </Container>
  );
}
