/** A file of an entity (contract "Files grid"), generated from the Rust type. */
export type { StoredFile } from '../../api/generated/crm';

/** These are previewed as pictures (spec 1 §2 "Files grid"). */
export const PREVIEW_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'tiff', 'webp'];

export function isPreviewable(fileName: string): boolean {
  const extension = fileName.split('.').pop()?.toLowerCase() ?? '';
  return fileName.includes('.') && PREVIEW_EXTENSIONS.includes(extension);
}
