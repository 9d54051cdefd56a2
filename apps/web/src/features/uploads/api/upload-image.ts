import { useMutation } from '@tanstack/react-query';
import type { UploadDto } from '@kinetic/shared';
import { apiUpload } from '../../../api/client.ts';

export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

/** Why a file cannot be uploaded, checked before sending it; the server checks the content again. */
export function imageProblem(file: File): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type))
    return 'Choose a PNG, JPEG, WebP or GIF image.';
  if (file.size > MAX_IMAGE_BYTES) return 'Choose an image of at most 2 MB.';
  return null;
}

export const uploadedFileUrl = (file: string) => `/api/uploads/original/${encodeURIComponent(file)}`;

export const uploadImage = (file: File) => {
  const form = new FormData();
  form.append('file', file);
  return apiUpload<UploadDto>('uploads', form, { silent: true, inlineErrors: true, loaderTxt: 'Uploading…' });
};

export function useUploadImage() {
  return useMutation({ mutationFn: uploadImage });
}
