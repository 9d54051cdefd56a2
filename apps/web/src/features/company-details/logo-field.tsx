import { useId, useRef, useState } from 'react';
import { Box, Button, FileButton, Group, Image, Input, Text } from '@mantine/core';
import { apiFormError } from '../../ui/api-form-error.ts';
import { BusyButton } from '../../ui/busy-button.tsx';
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
  const uploadButton = useRef<HTMLButtonElement>(null);
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

  // The remove button goes away with the logo; focus moves to the upload button instead of the page.
  const remove = () => {
    onChange(null);
    uploadButton.current?.focus();
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
            <BusyButton
              ref={uploadButton}
              variant="default"
              busy={upload.isPending}
              aria-describedby={describedBy}
              {...props}
            >
              {value ? 'Replace the logo' : 'Upload a logo'}
            </BusyButton>
          )}
        </FileButton>
        {value ? (
          // A subtle button lightens its colour to shade 6 at most (3.3:1 on white); the text is red.9 (AA).
          <Button variant="subtle" color="red" c="red.9" onClick={remove}>
            Remove the logo
          </Button>
        ) : null}
      </Group>
    </Input.Wrapper>
  );
}
