import type { FastifyRequest } from 'fastify'
import { MAX_PHOTO_BYTES, photoMessages } from '../../contract/photo-rules'
import { DomainError, NUL_IN_TEXT } from '../errors'
import {
  MULTIPART_LIMITS,
  type MultipartForm,
  type MultipartOptions,
  type UploadedFile,
} from '../services/files'

// Reading a request's body is the routes' work: services get the buffers and fields (decision 032).

const notMultipart = () =>
  new DomainError('UNSUPPORTED_MEDIA_TYPE', 'This request must be sent as multipart/form-data')

/** The parser's limit errors as refusals; a refusal of ours as it is; anything else a torn body. */
function uploadRefusal(err: unknown, messages: { size: string; files: string }): unknown {
  if (err instanceof DomainError) return err
  const code = (err as { code?: string }).code
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new DomainError('PAYLOAD_TOO_LARGE', messages.size)
  if (code === 'FST_FILES_LIMIT') return new DomainError('PAYLOAD_TOO_LARGE', messages.files)
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT')
    return new DomainError('PAYLOAD_TOO_LARGE', 'The form has too many fields')
  if ((err as { statusCode?: number }).statusCode) return err
  return new DomainError('MALFORMED_BODY', 'The upload could not be read')
}

/**
 * Reads a multipart request into its text fields and the one file of `fileField` (or of one of
 * several fields: which one came is `fileField` of the answer).
 * Not multipart -> 415; a file over 2 MB -> 413 with `refusals.size`; a second file, too many or too
 * long fields -> 413/400. A file part under another field name is read and dropped.
 */
export async function readMultipart(
  request: FastifyRequest,
  opts: MultipartOptions,
): Promise<MultipartForm> {
  if (!request.isMultipart()) throw notMultipart()
  const fields: Record<string, string> = {}
  const fileFields: readonly string[] =
    typeof opts.fileField === 'string' ? [opts.fileField] : opts.fileField
  let file: UploadedFile | undefined
  let fileField: string | undefined
  const limits = opts.fileSize ? { limits: { ...MULTIPART_LIMITS, fileSize: opts.fileSize } } : {}
  try {
    for await (const part of request.parts(limits)) {
      if (part.type === 'file') {
        const buffer = await part.toBuffer()
        if (part.filename?.includes('\0')) throw new DomainError('VALIDATION_FAILED', NUL_IN_TEXT)
        if (fileFields.includes(part.fieldname) && part.filename) {
          file = { buffer, filename: part.filename, mimetype: part.mimetype }
          fileField = part.fieldname
        }
      } else {
        if (part.valueTruncated)
          throw new DomainError('VALIDATION_FAILED', `The field ${part.fieldname} is too long`)
        if (String(part.value).includes('\0') || part.fieldname.includes('\0'))
          throw new DomainError('VALIDATION_FAILED', NUL_IN_TEXT)
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value)
      }
    }
  } catch (err) {
    throw uploadRefusal(err, { size: opts.refusals.size, files: 'Please upload only one file' })
  }
  return { fields, ...(file ? { file, fileField } : {}) }
}

const PHOTO_FIELD = 'photo'

/**
 * Reads the one photo of a multipart request. The 20 MB limit is this route's own (the app-wide
 * limit is the documents' 2 MB); a bigger file is cut off by the parser, so it is a 413 before
 * anything is decoded or stored.
 */
export async function readPhotoUpload(request: FastifyRequest): Promise<UploadedFile> {
  if (!request.isMultipart()) throw notMultipart()
  let file: UploadedFile | undefined
  try {
    for await (const part of request.parts({ limits: { fileSize: MAX_PHOTO_BYTES, files: 1 } })) {
      if (part.type !== 'file') continue
      const buffer = await part.toBuffer()
      if (part.filename?.includes('\0')) throw new DomainError('VALIDATION_FAILED', NUL_IN_TEXT)
      if (part.fieldname === PHOTO_FIELD && part.filename)
        file = { buffer, filename: part.filename, mimetype: part.mimetype }
    }
  } catch (err) {
    throw uploadRefusal(err, {
      size: photoMessages.size,
      files: 'Please upload one photo at a time',
    })
  }
  if (!file || file.buffer.length === 0)
    throw new DomainError('VALIDATION_FAILED', photoMessages.missing)
  return file
}
