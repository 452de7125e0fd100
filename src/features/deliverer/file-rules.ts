import {
  allowedMimeTypes,
  fileExtensionAllowed,
  fileMessages,
  MAX_FILE_BYTES,
} from '@contract/files'

/** docs/spec.md section 5, travel document (the proof of delivery follows the same rules). */
export function travelFileError(file: File | null): string | null {
  if (!file) return fileMessages.travelMissing
  const mimeOk = (allowedMimeTypes as readonly string[]).includes(file.type)
  if (!fileExtensionAllowed(file.name) && !mimeOk) return fileMessages.travelType
  if (file.size > MAX_FILE_BYTES) return fileMessages.travelSize
  return null
}
