import { mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { generateId } from '../../db/ids.ts';
import { badRequest } from '../../plugins/errors.ts';

export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;
const IMAGE_TYPES: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
};
export const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
};
/** Names we generate: 24 hex characters and a known extension, so a request can never name another path. */
export const UPLOAD_NAME = /^[0-9a-f]{24}\.(png|jpg|webp|gif)$/;

export const uploadUrl = (file: string) => `/api/uploads/original/${file}`;
export const uploadFolder = (dataDir: string) => path.resolve(dataDir, 'uploads', 'original');

/** Stores an image under a random name after checking its content (not its name) is an image we accept. */
export async function saveImage(dataDir: string, content: Buffer): Promise<string> {
  const type = await fileTypeFromBuffer(content);
  const extension = type ? IMAGE_TYPES[type.mime] : undefined;
  if (!extension) throw badRequest('Upload a PNG, JPEG, WebP or GIF image.', { file: 'Upload a PNG, JPEG, WebP or GIF image.' });
  const name = `${generateId()}.${extension}`;
  const folder = uploadFolder(dataDir);
  await mkdir(folder, { recursive: true });
  await writeFile(path.join(folder, name), content);
  return name;
}

export async function uploadExists(dataDir: string, name: string): Promise<boolean> {
  if (!UPLOAD_NAME.test(name)) return false;
  return stat(path.join(uploadFolder(dataDir), name)).then((info) => info.isFile(), () => false);
}
