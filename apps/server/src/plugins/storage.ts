import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

const KEY_RE = /^[a-z0-9-]+\/[a-z0-9-]+\.(png|jpe?g|webp|avif)$/;

/** Local-disk object storage under uploadsDir. Keys carry a content hash, so URLs can be cached forever. */
export function createLocalStorage(uploadsDir: string) {
  fs.mkdirSync(uploadsDir, { recursive: true });

  function filePath(key: string): string {
    if (!KEY_RE.test(key)) throw new Error(`invalid storage key: ${key}`);
    return path.join(uploadsDir, key);
  }

  return {
    isValidKey: (key: string) => KEY_RE.test(key),
    filePath,
    async put(folder: string, data: Buffer, ext: "png" | "jpg" | "webp"): Promise<string> {
      const hash = createHash("sha256").update(data).digest("hex").slice(0, 24);
      const key = `${folder}/${hash}.${ext}`;
      const target = filePath(key);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      if (!fs.existsSync(target)) {
        const tmp = `${target}.${process.pid}.${Date.now()}.tmp`;
        await fs.promises.writeFile(tmp, data);
        await fs.promises.rename(tmp, target);
      }
      return key;
    },
    async remove(key: string): Promise<void> {
      await fs.promises.rm(filePath(key), { force: true });
    },
    exists: (key: string) => KEY_RE.test(key) && fs.existsSync(path.join(uploadsDir, key)),
  };
}

export type Storage = ReturnType<typeof createLocalStorage>;
