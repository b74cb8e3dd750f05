import type { Readable } from "node:stream";
import type { FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "./errors.js";

/** Room for multipart boundaries and part headers around the file bytes. */
const MULTIPART_OVERHEAD = 64 * 1024;

/**
 * An onRequest hook that refuses, before reading a byte of it, a body whose declared length is already over the
 * limit (the usual case: browsers and API clients send Content-Length).
 */
export function refuseDeclaredOver(maxFileBytes: number, maxFiles: number, message: string) {
  const limit = maxFileBytes * maxFiles + MULTIPART_OVERHEAD;
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const declared = Number(req.headers["content-length"]);
    if (Number.isFinite(declared) && declared > limit) {
      reply.header("Connection", "close");
      throw new AppError("payload_too_large", message);
    }
  };
}

/**
 * Reads one multipart file into memory, failing with 413 the moment it passes the parser's size limit (without
 * this, the parser would quietly discard the rest of the upload until it ended, however large).
 */
export function readFileWithin(file: Readable & { truncated?: boolean }, toBuffer: () => Promise<Buffer>, reply: FastifyReply, message: string): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    const tooLarge = () => {
      reply.header("Connection", "close");
      reject(new AppError("payload_too_large", message));
    };
    file.once("limit", tooLarge);
    toBuffer().then(
      (data) => {
        file.off("limit", tooLarge);
        if (file.truncated) tooLarge();
        else resolve(data);
      },
      (err: unknown) => {
        if ((err as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") tooLarge();
        else reject(err);
      },
    );
  });
}
