/*
 * The little of tar the backup archive needs (docs/decisions/019-backup-archive.md):
 * regular files only, ustar headers, a PAX record for a name longer than 100 bytes.
 * Written and read as streams: a body is never held whole in memory.
 */

const BLOCK = 512;

function writeString(header: Buffer, value: string, offset: number, length: number): void {
  header.write(value, offset, Math.min(Buffer.byteLength(value), length), "utf8");
}

function writeOctal(header: Buffer, value: number, offset: number, length: number): void {
  header.write(value.toString(8).padStart(length - 1, "0") + "\0", offset, length, "ascii");
}

function checksum(header: Buffer): number {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : header[i]!;
  return sum;
}

function rawHeader(name: string, size: number, type: "0" | "x", mtime: number): Buffer {
  const header = Buffer.alloc(BLOCK);
  writeString(header, name, 0, 100);
  writeOctal(header, type === "x" ? 0o644 : 0o600, 100, 8);
  writeOctal(header, 0, 108, 8);
  writeOctal(header, 0, 116, 8);
  writeOctal(header, size, 124, 12);
  writeOctal(header, mtime, 136, 12);
  header.write(type, 156, 1, "ascii");
  header.write("ustar\0", 257, 6, "ascii");
  header.write("00", 263, 2, "ascii");
  header.write(checksum(header).toString(8).padStart(6, "0") + "\0 ", 148, 8, "ascii");
  return header;
}

/** A PAX "len key=value\n" record; len counts its own digits. */
function paxRecord(key: string, value: string): Buffer {
  const rest = ` ${key}=${value}\n`;
  const restLength = Buffer.byteLength(rest);
  let length = restLength + String(restLength).length;
  if (String(length).length + restLength !== length) length = restLength + String(length).length;
  return Buffer.from(`${length}${rest}`, "utf8");
}

/** The header block(s) of one regular file of `size` bytes. */
export function tarHeader(name: string, size: number, mtime = Math.floor(Date.now() / 1000)) {
  if (Buffer.byteLength(name) <= 100) return rawHeader(name, size, "0", mtime);
  const pax = paxRecord("path", name);
  return Buffer.concat([
    rawHeader("PaxHeader", pax.length, "x", mtime),
    pax,
    tarPadding(pax.length),
    rawHeader(
      Buffer.from(name)
        .subarray(0, 100)
        .toString("utf8")
        .replace(/\uFFFD$/, ""),
      size,
      "0",
      mtime,
    ),
  ]);
}

/** The zeros that complete a body of `size` bytes to whole blocks. */
export function tarPadding(size: number): Buffer {
  return Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);
}

/** The two zero blocks that end an archive. */
export const TAR_END = Buffer.alloc(BLOCK * 2);

/** Exact reads over a stream of chunks. */
class ChunkReader {
  #pending: Buffer = Buffer.alloc(0);
  readonly #source: AsyncIterator<Buffer>;
  constructor(source: AsyncIterable<Buffer>) {
    this.#source = source[Symbol.asyncIterator]();
  }
  async #fill(): Promise<boolean> {
    const next = await this.#source.next();
    if (next.done) return false;
    this.#pending = this.#pending.length ? Buffer.concat([this.#pending, next.value]) : next.value;
    return true;
  }
  /** Exactly n bytes, or null at the end of the stream. */
  async read(n: number): Promise<Buffer | null> {
    while (this.#pending.length < n) if (!(await this.#fill())) return null;
    const out = this.#pending.subarray(0, n);
    this.#pending = this.#pending.subarray(n);
    return out;
  }
  /** The next chunk, at most n bytes; throws at an early end. */
  async chunk(n: number): Promise<Buffer> {
    if (this.#pending.length === 0 && !(await this.#fill())) throw new Error("Archive tronquée");
    const out = this.#pending.subarray(0, Math.min(n, this.#pending.length));
    this.#pending = this.#pending.subarray(out.length);
    return out;
  }
}

/** One entry's body: iterated by its reader, then drained of what it left. */
class EntryBody implements AsyncIterable<Buffer> {
  #left: number;
  readonly #reader: ChunkReader;
  constructor(reader: ChunkReader, size: number) {
    this.#reader = reader;
    this.#left = size;
  }
  async next(): Promise<IteratorResult<Buffer>> {
    if (this.#left === 0) return { done: true, value: undefined };
    const chunk = await this.#reader.chunk(this.#left);
    this.#left -= chunk.length;
    return { done: false, value: chunk };
  }
  [Symbol.asyncIterator](): AsyncIterator<Buffer> {
    // A reader that stops early leaves the rest for drain(), not lost.
    return { next: () => this.next(), return: async () => ({ done: true, value: undefined }) };
  }
  async drain(): Promise<void> {
    while (!(await this.next()).done);
  }
}

export interface TarEntry {
  name: string;
  size: number;
}

function readOctal(header: Buffer, offset: number, length: number): number {
  const text = header
    .toString("ascii", offset, offset + length)
    .replace(/[\0 ]+$/, "")
    .trim();
  if (!/^[0-7]*$/.test(text)) throw new Error("En-tête tar illisible");
  return text === "" ? 0 : Number.parseInt(text, 8);
}

function readString(header: Buffer, offset: number, length: number): string {
  const field = header.subarray(offset, offset + length);
  const end = field.indexOf(0);
  return field.toString("utf8", 0, end === -1 ? length : end);
}

/**
 * Calls `onEntry` for each regular file of a tar stream, in order, with its body as
 * chunks; what it leaves unread is skipped. Refuses a damaged header.
 */
export async function readTar(
  source: AsyncIterable<Buffer>,
  onEntry: (entry: TarEntry, body: AsyncIterable<Buffer>) => Promise<void>,
): Promise<void> {
  const reader = new ChunkReader(source);
  let paxPath: string | null = null;
  for (;;) {
    const header = await reader.read(BLOCK);
    if (!header) throw new Error("Archive tronquée");
    if (header.every((byte) => byte === 0)) return;
    if (readOctal(header, 148, 8) !== checksum(header)) throw new Error("En-tête tar endommagé");
    const size = readOctal(header, 124, 12);
    const type = String.fromCharCode(header[156]!);
    const padding = tarPadding(size).length;
    if (type === "x") {
      const chunks: Buffer[] = [];
      for await (const chunk of new EntryBody(reader, size)) chunks.push(chunk);
      const match = /(?:^|\n)\d+ path=([^\n]*)\n/.exec(Buffer.concat(chunks).toString("utf8"));
      paxPath = match?.[1] ?? null;
    } else {
      const prefix = readString(header, 345, 155);
      const name = paxPath ?? (prefix ? `${prefix}/` : "") + readString(header, 0, 100);
      paxPath = null;
      const body = new EntryBody(reader, size);
      if (type === "0" || type === "\0") await onEntry({ name, size }, body);
      await body.drain();
    }
    if (padding > 0 && !(await reader.read(padding))) throw new Error("Archive tronquée");
  }
}
