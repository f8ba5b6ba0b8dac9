// The bucket location and endpoint as the user writes them: checked before the SDK is loaded, the fix named.
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../errors.js';
import { bucketEndpoint, bucketError, parseBucketLocation } from './bucket-client.js';

describe('parseBucketLocation', () => {
  it.each([
    ['s3://my-feed-copy', { bucket: 'my-feed-copy', prefix: '' }],
    ['s3://my-feed-copy/', { bucket: 'my-feed-copy', prefix: '' }],
    ['s3://my-feed-copy/feed', { bucket: 'my-feed-copy', prefix: 'feed/' }],
    ['s3://my-feed-copy/feed/copy/', { bucket: 'my-feed-copy', prefix: 'feed/copy/' }],
    ['S3://my.feed.copy/a=1', { bucket: 'my.feed.copy', prefix: 'a=1/' }],
  ])('%s', (text, location) => {
    expect(parseBucketLocation(text)).toEqual(location);
  });

  it.each([
    ['s3://', /does not name a bucket/],
    ['s3://ab/feed', /does not name a bucket/],
    ['s3://My-Bucket/feed', /does not name a bucket/],
    ['s3://my..bucket/feed', /does not name a bucket/],
    ['s3://my-bucket/feed//copy', /the prefix component ""/],
    ['s3://my-bucket/feed/../other', /the prefix component "\.\."/],
    ['s3://my-bucket/./feed', /the prefix component "\."/],
    ['s3://my-bucket/feed copy', /the prefix component "feed copy"/],
  ])('refuses %s', (text, message) => {
    expect(() => parseBucketLocation(text)).toThrow(UsageError);
    expect(() => parseBucketLocation(text)).toThrow(message);
  });
});

describe('bucketEndpoint', () => {
  it.each([
    [undefined, {}, undefined],
    [undefined, { AWS_ENDPOINT_URL_S3: 'http://127.0.0.1:9000/' }, 'http://127.0.0.1:9000'],
    [undefined, { AWS_ENDPOINT_URL: 'https://s3.example.com' }, 'https://s3.example.com'],
    ['http://minio:9000', { AWS_ENDPOINT_URL_S3: 'http://other:1' }, 'http://minio:9000'],
  ])('--s3-endpoint %s with %j', (flag, env, endpoint) => {
    expect(bucketEndpoint(flag, env)).toBe(endpoint);
  });

  it.each([
    ['not a url', /--s3-endpoint is not a URL/],
    ['ftp://host', /is not an http\(s\) URL/],
    ['http://key:secret-value@host:9000', /holds a user name or password/],
  ])('refuses %s, never echoing it', (flag, message) => {
    expect(() => bucketEndpoint(flag, {})).toThrow(message);
    try {
      bucketEndpoint(flag, {});
    } catch (error) {
      expect(String(error)).not.toContain('secret-value');
    }
  });
});

describe('bucketError', () => {
  const where = 's3://my-bucket/feed/_sync.json';
  it.each([
    [
      { name: 'AccessDenied', $metadata: { httpStatusCode: 403 } },
      /AccessDenied \(HTTP 403\): the store refused the credentials/,
    ],
    [
      { name: 'NoSuchBucket', $metadata: { httpStatusCode: 404 } },
      /NoSuchBucket \(HTTP 404\): the bucket does not exist/,
    ],
    [
      { name: 'CredentialsProviderError', message: 'Could not load credentials' },
      /no AWS credentials were found/,
    ],
    [{ name: 'Error', code: 'ECONNREFUSED' }, /could not be reached \(ECONNREFUSED\)/],
    [{ name: 'InternalError', $metadata: { httpStatusCode: 500 } }, /InternalError \(HTTP 500\): run again/],
  ])('%j', (error, message) => {
    const out = bucketError(
      Object.assign(new Error('the SDK text, with AKIA-LIKE-KEY'), error),
      'reading',
      where,
    );
    expect(out.message).toMatch(message);
    expect(out.message).toContain(where);
    expect(out.message).not.toContain('AKIA-LIKE-KEY');
  });
});
