import { randomBytes } from 'node:crypto'
import path from 'node:path'
import { and, eq, inArray, or, sql } from 'drizzle-orm'
import { isUuid } from '../../contract/ids'
import { fileMessages, MAX_FILE_BYTES, type AllowedMime } from '../../contract/files'
import type { Role } from '../../contract/user'
import type { Db } from '../db/client'
import { one } from '../db/one'
import {
  deliveryRequests,
  handoffs,
  infoRequests,
  items,
  messages,
  storedFiles,
} from '../db/schema'
import { DomainError } from '../errors'
import {
  STORAGE_UNAVAILABLE,
  StorageUnavailableError,
  type ObjectStore,
} from './storage/object-store'

/** What a stored file is for (stored_files.kind). */
export type FileKind =
  | 'proof_of_travel'
  | 'proof_of_delivery'
  | 'info_request'
  | 'info_response'
  | 'item_photo'
  | 'pickup_photo'
  | 'message_file'
  /** A sender's file with a dispute (decision 040). */
  | 'dispute_file'

export interface UploadedFile {
  buffer: Buffer
  /** The client's file name, as sent (only its extension is trusted, and only together with the bytes). */
  filename: string
  /** The client's claimed type; never trusted. */
  mimetype: string
}

export interface MultipartForm {
  fields: Record<string, string>
  file?: UploadedFile
  /** The field the file came in (one of the route's fileField names). */
  fileField?: string
}

export interface MultipartOptions {
  /** The field (or fields) a file is read from; a file under any other name is dropped. */
  fileField: string | readonly string[]
  refusals: FileRefusals
  /** A larger file limit than the app-wide 2 MB (a pickup photo: a phone photo as it is). */
  fileSize?: number
}

/** The messages a caller answers its refusals with (415 for the type, 413 for the size). */
export interface FileRefusals {
  type: string
  size: string
}
/** Travel document (request-item) and proof of delivery: docs/spec.md section 5. */
export const travelRefusals: FileRefusals = {
  type: fileMessages.travelType,
  size: fileMessages.travelSize,
}
/** Admin-information reply (respond-further-info, admin request-further-info). */
export const replyRefusals: FileRefusals = {
  type: fileMessages.replyType,
  size: fileMessages.replySize,
}

/** The multipart limits, registered once in server/plugins/uploads.ts. */
export const MULTIPART_LIMITS = {
  fileSize: MAX_FILE_BYTES,
  files: 1,
  fields: 20,
  fieldSize: 10 * 1024,
  parts: 25,
  headerPairs: 100,
} as const

const startsWith = (buffer: Buffer, signature: number[]) =>
  buffer.length >= signature.length && signature.every((b, i) => buffer[i] === b)

const RIFF = [0x52, 0x49, 0x46, 0x46]
const WEBP = [0x57, 0x45, 0x42, 0x50]

/**
 * The type decided by the bytes: PDF (%PDF-), PNG (89 50 4E 47 0D 0A 1A 0A), JPEG (FF D8 FF), WebP
 * (RIFF, a size, WEBP); else null. WebP is for photos only: no document extension maps to it.
 */
export function detectMime(buffer: Buffer): AllowedMime | 'image/webp' | null {
  if (startsWith(buffer, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf'
  if (startsWith(buffer, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png'
  if (startsWith(buffer, [0xff, 0xd8, 0xff])) return 'image/jpeg'
  if (startsWith(buffer, RIFF) && startsWith(buffer.subarray(8), WEBP)) return 'image/webp'
  return null
}

const mimeOfExtension: Record<string, AllowedMime> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
}

/**
 * Checks a file without storing anything: the bytes must be PDF/PNG/JPEG, the name's extension must
 * agree with them (415 `refusals.type`), and it may be at most 2097152 bytes (413 `refusals.size`).
 * Answers the detected mime type.
 */
export function checkUpload(file: UploadedFile, refusals: FileRefusals): AllowedMime {
  if (file.buffer.length > MAX_FILE_BYTES) throw new DomainError('PAYLOAD_TOO_LARGE', refusals.size)
  const mime = detectMime(file.buffer)
  const ext = path.extname(file.filename).slice(1).toLowerCase()
  const expected = mimeOfExtension[ext]
  if (!expected || expected !== mime) throw new DomainError('UNSUPPORTED_MEDIA_TYPE', refusals.type)
  return expected
}

/** A display-safe version of the client's name: no path, no quotes or control characters, ≤ 100 chars. */
export function sanitizeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? ''
  const clean = base
    .normalize('NFKC')
    .replace(/[^\w.\- ()]/g, '_')
    .replace(/^\.+/, '')
    .trim()
  if (!clean) return 'file'
  if (clean.length <= 100) return clean
  const ext = path.extname(clean).slice(0, 10)
  return clean.slice(0, 100 - ext.length) + ext
}

/** The local store's folder (server/plugins/storage.ts). */
export const uploadsDir = (dataDir: string) => path.join(dataDir, 'uploads')

/** A store that cannot be reached is the user's 503 ("try again"), never a 500. */
export function storageError(err: unknown): unknown {
  return err instanceof StorageUnavailableError
    ? new DomainError('UNAVAILABLE', STORAGE_UNAVAILABLE)
    : err
}

/** A checked file already in the object store, waiting for the row that will reference it. */
export interface PutUpload {
  diskName: string
  mime: AllowedMime
  size: number
  originalName: string
}

/**
 * Checks the file (checkUpload: 415/413 with the caller's messages, nothing written) and puts it
 * in the object store under a random 32-hex key, before any database transaction: a store that is
 * away is a 503 "try again" and nothing is written; a slow store holds no row lock.
 */
async function putUpload(
  store: ObjectStore,
  file: UploadedFile,
  refusals: FileRefusals,
): Promise<PutUpload> {
  const mime = checkUpload(file, refusals)
  const diskName = randomBytes(16).toString('hex')
  await store.put(diskName, file.buffer, mime).catch((err: unknown) => {
    throw storageError(err)
  })
  return {
    diskName,
    mime,
    size: file.buffer.length,
    originalName: sanitizeFileName(file.filename),
  }
}

/** The stored_files row of a put upload (inside the caller's transaction); answers its id. */
export async function insertStoredFile(
  db: Db,
  put: PutUpload,
  owner: { ownerId: string; kind: FileKind },
): Promise<string> {
  const row = one(
    await db
      .insert(storedFiles)
      .values({ ...owner, ...put })
      .returning({ id: storedFiles.id }),
    'stored file',
  )
  return row.id
}

/**
 * Puts the upload (when there is one) in the store, then runs `write`, which references it
 * (insertStoredFile) in its transaction. If `write` fails, a refusal included, the object is
 * deleted again; what a crash leaves behind, the housekeeping's orphan purge removes after a day.
 * So no row ever points at a missing object, and no object stays unreferenced for long.
 */
export async function withUpload<T>(
  store: ObjectStore,
  file: UploadedFile | undefined,
  refusals: FileRefusals,
  write: (put: PutUpload | undefined) => Promise<T>,
): Promise<T> {
  const put = file ? await putUpload(store, file, refusals) : undefined
  try {
    return await write(put)
  } catch (err) {
    if (put) await store.delete(put.diskName).catch(() => {})
    throw err
  }
}

/** putUpload and insertStoredFile in one (test fixtures and one-off tools). */
export function storeUpload(
  db: Db,
  opts: {
    store: ObjectStore
    file: UploadedFile
    ownerId: string
    kind: FileKind
    refusals: FileRefusals
  },
): Promise<string> {
  return withUpload(opts.store, opts.file, opts.refusals, (put) => {
    // withUpload puts every file it is given.
    if (!put) throw new Error('withUpload() did not put the file')
    return insertStoredFile(db, put, { ownerId: opts.ownerId, kind: opts.kind })
  })
}

export interface Viewer {
  id: string
  role: Role
}

/**
 * The stored_files row of `fileId` when `viewer` may read it, else null (callers answer 404).
 * Admin: any. Anyone: their own uploads, the files of info requests and of messages addressed to
 * them.
 * A sender also: the proof of delivery and pickup photo of their items and the proof of travel of
 * an item's current, delivery-approved request.
 */
export async function readableFile(db: Db, viewer: Viewer, fileId: string) {
  if (!isUuid(fileId)) return null
  const [file] = await db.select().from(storedFiles).where(eq(storedFiles.id, fileId))
  if (!file) return null
  if (viewer.role === 'admin' || file.ownerId === viewer.id) return file
  const [info] = await db
    .select({ id: infoRequests.id })
    .from(infoRequests)
    .where(
      and(
        eq(infoRequests.targetUserId, viewer.id),
        or(eq(infoRequests.requestFileId, fileId), eq(infoRequests.responseFileId, fileId)),
      ),
    )
    .limit(1)
  if (info) return file
  // A file attached to a message: its author's (above) and its addressee's (decision 039).
  const [message] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.fileId, fileId), eq(messages.recipientId, viewer.id)))
    .limit(1)
  if (message) return file
  if (viewer.role !== 'sender') return null
  const [own] = await db
    .select({ id: items.id })
    .from(items)
    .leftJoin(deliveryRequests, eq(deliveryRequests.id, items.currentRequestId))
    .where(
      and(
        eq(items.senderId, viewer.id),
        or(
          eq(items.proofOfDeliveryFileId, fileId),
          // The pickup photo of their item's handoff (decision 034).
          inArray(
            items.id,
            db
              .select({ id: handoffs.itemId })
              .from(handoffs)
              .where(eq(handoffs.photoFileId, fileId)),
          ),
          and(
            eq(deliveryRequests.proofOfTravelFileId, fileId),
            eq(deliveryRequests.deliveryApproval, 'approved'),
            eq(items.sendingApproval, 'approved'),
          ),
        ),
      ),
    )
    .limit(1)
  return own ? file : null
}

/** Used by tests and housekeeping: how many stored_files rows exist. */
export async function countStoredFiles(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(storedFiles)
  return Number(row?.n ?? 0)
}
