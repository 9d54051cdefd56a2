export type Option<Value extends string = string> = {
  readonly value: Value;
  readonly label: string;
};

export function toOptions<Value extends string>(
  values: readonly Value[],
  labels: Readonly<Record<Value, string>>,
): readonly Option<Value>[] {
  return values.map((value) => ({ value, label: labels[value] }));
}

/** Unknown values fall back to themselves so stored data is never hidden from the reader. */
export function labelOf(list: readonly Option[], value: string | null | undefined): string {
  if (value === null || value === undefined) return '';
  return list.find((option) => option.value === value)?.label ?? value;
}
