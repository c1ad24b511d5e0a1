import type { OwnedFile } from '@/shared/ownedFiles';

/** A student's file: the photo, shown through its 200x200 copy (spec 3, Files). */
export const STUDENT_FILES: readonly OwnedFile[] = [
  { field: 'logoUrl', folder: 'students', resized: true },
];

/** A tutor's files: the photo (200x200 copy shown) and the CV (`tutor-cvs/{id}.{ext}`). */
export const TUTOR_FILES: readonly OwnedFile[] = [
  { field: 'logoUrl', folder: 'tutors', resized: true },
  { field: 'cvUrl', folder: 'tutor-cvs', resized: false },
];

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
