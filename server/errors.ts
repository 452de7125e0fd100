/** An error that becomes the `{ success: false, message }` envelope with its status code. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message)
    this.name = 'HttpError'
  }
}

export const httpError = (statusCode: number, message: string, errors?: Record<string, string[]>) =>
  new HttpError(statusCode, message, errors)
