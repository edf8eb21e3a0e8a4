import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import {
  assertValidKey,
  assertValidPrefix,
  contentTypeOf,
  type ObjectInfo,
  type ObjectStore,
  RangeNotSatisfiableError,
} from './object-store';

export interface S3Settings {
  bucket: string;
  /** Prepended to every key (an area such as `uploads/`); '' for the whole bucket. */
  prefix: string;
  /** A compatible server's address (MinIO, Garage, R2, …); AWS itself when absent. */
  endpoint?: string;
  region: string;
  /** Both or neither; neither uses the SDK's usual sources (AWS_* variables, instance roles). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** bucket in the path (http://host/bucket/key) rather than the host name; MinIO and most others need it. */
  forcePathStyle: boolean;
}

/** A stream larger than this goes up in parts of this size (S3 takes at most 10,000 parts: about 78 GiB). */
export const PART_BYTES = 8 * 1024 * 1024;

export function createS3Client(s: Omit<S3Settings, 'prefix' | 'bucket'>): S3Client {
  return new S3Client({
    region: s.region,
    endpoint: s.endpoint,
    forcePathStyle: s.forcePathStyle,
    credentials:
      s.accessKeyId && s.secretAccessKey
        ? { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey }
        : undefined,
    // Compatible servers do not all accept the SDK's newer default checksum trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
  });
}

/** Objects in an S3-compatible bucket, through the AWS SDK. */
export function createS3ObjectStore(settings: S3Settings, client = createS3Client(settings)): ObjectStore {
  const Bucket = settings.bucket;
  const full = (key: string) => {
    assertValidKey(key);
    return settings.prefix + key;
  };

  async function putStream(
    Key: string,
    key: string,
    body: Readable,
    ContentType: string,
  ): Promise<ObjectInfo> {
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let size = 0;
    let uploadId: string | undefined;
    const parts: { PartNumber: number; ETag: string | undefined }[] = [];
    const sendPart = async (bytes: Buffer) => {
      if (!uploadId) {
        const created = await client.send(new CreateMultipartUploadCommand({ Bucket, Key, ContentType }));
        uploadId = created.UploadId;
      }
      const PartNumber = parts.length + 1;
      const res = await client.send(
        new UploadPartCommand({
          Bucket,
          Key,
          UploadId: uploadId,
          PartNumber,
          Body: bytes,
          ContentLength: bytes.length,
        }),
      );
      parts.push({ PartNumber, ETag: res.ETag });
    };
    try {
      for await (const chunk of body) {
        const b = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
        pending.push(b);
        pendingBytes += b.length;
        size += b.length;
        while (pendingBytes >= PART_BYTES) {
          const all = Buffer.concat(pending);
          await sendPart(all.subarray(0, PART_BYTES));
          pending = [all.subarray(PART_BYTES)];
          pendingBytes = all.length - PART_BYTES;
        }
      }
      const rest = Buffer.concat(pending);
      if (!uploadId) {
        const res = await client.send(
          new PutObjectCommand({ Bucket, Key, Body: rest, ContentType, ContentLength: rest.length }),
        );
        return { key, size, etag: res.ETag ?? '""', lastModified: new Date(), contentType: ContentType };
      }
      if (rest.length > 0) await sendPart(rest);
      const done = await client.send(
        new CompleteMultipartUploadCommand({
          Bucket,
          Key,
          UploadId: uploadId,
          MultipartUpload: { Parts: parts },
        }),
      );
      return { key, size, etag: done.ETag ?? '""', lastModified: new Date(), contentType: ContentType };
    } catch (err) {
      if (uploadId) {
        await client
          .send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId: uploadId }))
          .catch(() => {});
      }
      body.destroy();
      throw err;
    }
  }

  const store: ObjectStore = {
    kind: 's3',
    location: `s3://${Bucket}/${settings.prefix}`,
    async put(key, body, options = {}) {
      const Key = full(key);
      const ContentType = options.contentType ?? contentTypeOf(key);
      if (!Buffer.isBuffer(body)) return putStream(Key, key, body, ContentType);
      const res = await client.send(
        new PutObjectCommand({ Bucket, Key, Body: body, ContentType, ContentLength: body.length }),
      );
      return {
        key,
        size: body.length,
        etag: res.ETag ?? '""',
        lastModified: new Date(),
        contentType: ContentType,
      };
    },
    async get(key, options = {}) {
      const r = options.range;
      if (r && (r.start < 0 || r.end < r.start)) throw new RangeNotSatisfiableError(-1);
      try {
        const res = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: full(key),
            Range: r ? `bytes=${r.start}-${r.end}` : undefined,
          }),
        );
        const total = /\/(\d+)$/.exec(res.ContentRange ?? '');
        const size = total ? Number(total[1]) : (res.ContentLength ?? 0);
        const got = /^bytes (\d+)-(\d+)\//.exec(res.ContentRange ?? '');
        return {
          key,
          size,
          etag: res.ETag ?? '""',
          lastModified: res.LastModified ?? new Date(0),
          contentType: res.ContentType ?? contentTypeOf(key),
          body: res.Body as Readable,
          range: r && got ? { start: Number(got[1]), end: Number(got[2]) } : null,
        };
      } catch (err) {
        if (isNotFound(err)) return null;
        if (statusOf(err) === 416) {
          const head = await store.head(key);
          throw new RangeNotSatisfiableError(head?.size ?? -1);
        }
        throw err;
      }
    },
    async head(key) {
      try {
        const res = await client.send(new HeadObjectCommand({ Bucket, Key: full(key) }));
        return {
          key,
          size: res.ContentLength ?? 0,
          etag: res.ETag ?? '""',
          lastModified: res.LastModified ?? new Date(0),
          contentType: res.ContentType ?? contentTypeOf(key),
        };
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: full(key) }));
    },
    async *list(prefix = '') {
      assertValidPrefix(prefix);
      let ContinuationToken: string | undefined;
      do {
        const res = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: settings.prefix + prefix, ContinuationToken }),
        );
        for (const o of res.Contents ?? []) {
          if (!o.Key) continue;
          yield {
            key: o.Key.slice(settings.prefix.length),
            size: o.Size ?? 0,
            etag: o.ETag ?? '""',
            lastModified: o.LastModified ?? new Date(0),
          };
        }
        ContinuationToken = res.IsTruncated ? res.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
  return store;
}

function statusOf(err: unknown): number | undefined {
  return (err as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode;
}

function isNotFound(err: unknown) {
  const name = (err as { name?: string })?.name;
  if (name === 'NoSuchBucket') return false; // a setting to fix, not a missing file
  return name === 'NoSuchKey' || name === 'NotFound' || statusOf(err) === 404;
}
