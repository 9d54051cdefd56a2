import type { ReactNode } from 'react';
import { ImageField } from '../uploads/image-field.tsx';

interface LogoFieldProps {
  value: string | null;
  onChange: (file: string | null) => void;
  error?: ReactNode;
}

/** The business's logo: the shared picture field, shown whole. */
export function LogoField({ value, onChange, error }: LogoFieldProps) {
  return <ImageField noun="logo" alt="Your logo" fit="contain" value={value} onChange={onChange} error={error} />;
}
