import { useId, useRef, useState } from 'react';
import { Box, Button, FileButton, Group, Image, Input, Text } from '@mantine/core';
import { apiFormError } from '../../ui/api-form-error.ts';
import { BusyButton } from '../../ui/busy-button.tsx';
import { imageProblem, IMAGE_TYPES, uploadedFileUrl, useUploadImage } from './api/upload-image.ts';

interface ImageFieldProps {
  /** "logo" for the business, "image" for a template, "photo" for a person: the label and buttons say it. */
  noun: 'logo' | 'image' | 'photo';
  /** A logo is shown whole; a photo or image fills its square. */
  fit?: 'contain' | 'cover';
  /** What the picture shows, for its alt text. */
  alt: string;
  value: string | null;
  onChange: (file: string | null) => void;
  error?: React.ReactNode;
}

const capital = (word: string) => word[0]!.toUpperCase() + word.slice(1);

/** One picture field: uploads at once; the form keeps only the stored file name until it is saved. */
export function ImageField({ noun, alt, value, onChange, error, fit = 'cover' }: ImageFieldProps) {
  const upload = useUploadImage();
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  const uploadButton = useRef<HTMLButtonElement>(null);
  const shownError = problem ?? error;
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

  // The remove button goes away with the picture; focus moves to the upload button instead of the page.
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
      label={capital(noun)}
      description="PNG, JPEG, WebP or GIF, at most 2 MB."
      error={shownError}
    >
      <Group gap="sm" mt={6} wrap="wrap">
        {value ? (
          <Image src={uploadedFileUrl(value)} alt={alt} h={64} w={64} fit={fit} radius="sm" bd="1px solid gray.3" />
        ) : (
          <Box w={64} h={64} bd="1px dashed gray.5" style={{ borderRadius: 4, display: 'grid', placeItems: 'center' }}>
            <Text size="xs" c="dimmed">
              No {noun}
            </Text>
          </Box>
        )}
        <FileButton onChange={(file) => void choose(file)} accept={IMAGE_TYPES.join(',')}>
          {(props) => (
            <BusyButton ref={uploadButton} variant="default" busy={upload.isPending} aria-describedby={describedBy} {...props}>
              {value ? `Replace the ${noun}` : `Upload ${noun === 'image' ? 'an image' : `a ${noun}`}`}
            </BusyButton>
          )}
        </FileButton>
        {value ? (
          // A subtle button lightens its colour to shade 6 at most (3.3:1 on white); the text is red.9 (AA).
          <Button variant="subtle" color="red" c="red.9" onClick={remove}>
            Remove the {noun}
          </Button>
        ) : null}
      </Group>
    </Input.Wrapper>
  );
}
