/** The part of tar-stream 3 (a well-kept streaming tar packer and parser) the backups use. */
declare module 'tar-stream' {
  export interface Header {
    name: string;
    size?: number;
    mode?: number;
    mtime?: Date;
    type?: 'file' | 'directory' | string;
  }
  export interface EntryWriter {
    write(chunk: Buffer): boolean;
    end(): void;
    once(event: 'drain', cb: () => void): void;
  }
  export interface Pack extends AsyncIterable<Buffer> {
    entry(header: Header, buffer: Buffer | string, cb?: (err?: Error | null) => void): void;
    entry(header: Header, cb: (err?: Error | null) => void): EntryWriter;
    finalize(): void;
    destroy(err?: Error): void;
  }
  export interface Entry extends AsyncIterable<Buffer> {
    header: Header;
    resume(): void;
  }
  export interface Extract extends AsyncIterable<Entry> {
    write(chunk: Buffer): boolean;
    end(): void;
    destroy(err?: Error): void;
    once(event: 'drain' | 'close', cb: () => void): void;
    off(event: 'drain' | 'close', cb: () => void): void;
  }
  export function pack(): Pack;
  export function extract(): Extract;
}
