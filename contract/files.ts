/** docs/spec.md section 5 and 9: the documents users upload. The server checks the bytes, not the name. */
export const MAX_FILE_BYTES = 2_097_152
const allowedExtensions = ['pdf', 'jpg', 'jpeg', 'png'] as const
export const allowedMimeTypes = ['application/pdf', 'image/jpeg', 'image/png'] as const
export type AllowedMime = (typeof allowedMimeTypes)[number]
/** The accept attribute for file inputs. */
export const fileAccept = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png'

export const fileMessages = {
  travelType: 'Invalid file type. Please upload a PDF, JPEG, or PNG file.',
  travelSize: 'File size must be less than 2MB',
  travelMissing: 'Please upload a proof of travel document',
  deliveryMissing: 'Please upload a proof of delivery document',
  replyType: 'Please upload a PDF, JPEG, or PNG file.',
  replySize: 'File size must be less than or equal to 2MB.',
} as const

/** Client-side pre-check by name and size (the server decides by the bytes). */
export function fileExtensionAllowed(name: string): boolean {
  const ext = name.toLowerCase().split('.').pop() ?? ''
  return (allowedExtensions as readonly string[]).includes(ext)
}
