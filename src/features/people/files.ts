/** Whether `file` is an image (photo uploads, spec section 2). */
export function isImage(file: File): boolean {
  return file.type.startsWith('image/');
}

/** Types accepted for a CV: images, doc, docx, pdf (spec section 2). */
export const CV_ACCEPT =
  'image/*,.pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** Whether `file` is an acceptable CV. */
export function isCvFile(file: File): boolean {
  return (
    isImage(file) ||
    /\.(pdf|docx?)$/i.test(file.name) ||
    [
      'application/pdf',
      'application/msword',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ].includes(file.type)
  );
}
