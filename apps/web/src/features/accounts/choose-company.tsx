import { useState } from 'react';
import { Button, Radio, Stack } from '@mantine/core';
import type { CompanySummaryDto } from '@kinetic/shared';
import { BusyButton } from '../../ui/busy-button.tsx';

interface ChooseCompanyProps {
  companies: CompanySummaryDto[];
  pending: boolean;
  onChoose: (companyId: string) => void;
  onCancel: () => void;
}

/** The root login found the same email and password at several businesses: the person picks one. */
export function ChooseCompany({ companies, pending, onChoose, onCancel }: ChooseCompanyProps) {
  const [chosen, setChosen] = useState<string | null>(null);
  return (
    <Stack gap="md">
      <Radio.Group
        label="Which business do you want to log in to?"
        description="Your email address has an account at more than one business."
        value={chosen}
        onChange={setChosen}
      >
        <Stack gap="xs" mt="xs">
          {companies.map((company) => (
            <Radio
              key={company.id}
              value={company.id}
              label={company.name}
              description={company.kind === 'solo' ? 'Solo instructor' : `Studio · /${company.slug}`}
            />
          ))}
        </Stack>
      </Radio.Group>
      <BusyButton fullWidth disabled={!chosen} busy={pending} onClick={() => chosen && onChoose(chosen)}>
        Continue
      </BusyButton>
      <Button variant="subtle" onClick={onCancel}>
        Use another account
      </Button>
    </Stack>
  );
}
