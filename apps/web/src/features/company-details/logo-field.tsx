import { useId, useState } from 'react';
import { Box, Button, FileButton, Group, Image, Input, Text } from '@mantine/core';
import { apiFormError } from '../../ui/api-form-error.ts';
import { imageProblem, IMAGE_TYPES, uploadedFileUrl, useUploadImage } from '../uploads/api/upload-image.ts';

interface LogoFieldProps {
  value: string | null;
  onChange: (file: string | null) => void;
  error?: React.ReactNode;
}

/** Uploads the image at once; the form keeps only the stored file name until it is saved. */
export function LogoField({ value, onChange, error }: LogoFieldProps) {
  const upload = useUploadImage();
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  const shownError = problem ?? error;
  // Mantine names the parts from the wrapper's id; the button is not an input, so it is tied by hand.
  const describedBy = [`${id}-description`, shownError ? `${id}-error` : null].filter(Boolean).join(' ');

  const choose = async (file: File | null) => {
    if (!file) return;
    const reason = imageProblem(file);
    setProblem(reason);
    if (reason) return;
    try {
      onChange((await upload.mutateAsync(file)).file);
    } catch (failure) {
      setProblem(apiFormError(failure).message);
    }
  };

  return (
    <Input.Wrapper
      id={id}
      labelElement="div"
      role="group"
      aria-labelledby={`${id}-label`}
      label="Logo"
      description="PNG, JPEG, WebP or GIF, at most 2 MB."
      error={shownError}
    >
      <Group gap="sm" mt={6} wrap="wrap">
        {value ? (
          <Image
            src={uploadedFileUrl(value)}
            alt="Your logo"
            h={64}
            w={64}
            fit="contain"
            radius="sm"
            bd="1px solid gray.3"
          />
        ) : (
          <Box
            w={64}
            h={64}
            bd="1px dashed gray.5"
            style={{ borderRadius: 4, display: 'grid', placeItems: 'center' }}
          >
            <Text size="xs" c="dimmed">
              No logo
            </Text>
          </Box>
        )}
        <FileButton onChange={(file) => void choose(file)} accept={IMAGE_TYPES.join(',')}>
          {(props) => (
            <Button variant="default" loading={upload.isPending} aria-describedby={describedBy} {...props}>
              {value ? 'Replace the logo' : 'Upload a logo'}
            </Button>
          )}
        </FileButton>
        {value ? (
          <Button variant="subtle" color="red.9" onClick={() => onChange(null)}>
            Remove the logo
          </Button>
        ) : null}
      </Group>
    </Input.Wrapper>
  );
}
