// The request log (`quire serve --log`) names every route and no secret: not the bearer token (valid or not),
// not a share key in the query, not a cookie.
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { logSerializers, redactRequestTarget, redactSecretsInText } from './log-redaction.ts';
import { startTestApp, type TestApp } from './test-app.fixture.ts';

/** A stream that keeps what the logger writes. */
function memoryStream(): { stream: Writable; text: () => string } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  return { stream, text: () => chunks.join('') };
}

describe('redactRequestTarget', () => {
  it('replaces the values of credential-like parameters and keeps the path and the rest', () => {
    expect(redactRequestTarget('/v1/orgs/o/sites/s/published?shareKey=abc&limit=5')).toBe('/v1/orgs/o/sites/s/published?shareKey=[redacted]&limit=5');
    expect(redactRequestTarget('/v1/x?access_token=t1&api%4Bey=t2&page=2&password=p')).toBe('/v1/x?access_token=[redacted]&api%4Bey=[redacted]&page=2&password=[redacted]');
    expect(redactRequestTarget('/v1/user')).toBe('/v1/user');
    expect(redactRequestTarget('/v1/x?flag&title=key')).toBe('/v1/x?flag&title=key');
  });
});

describe('redactSecretsInText', () => {
  it('replaces bearer credentials and credential-like name=value pairs', () => {
    expect(redactSecretsInText('GET https://x.test/p?limit=2&shareKey=abc failed')).toBe('GET https://x.test/p?limit=2&shareKey=[redacted] failed');
    expect(redactSecretsInText('Authorization: Bearer qt_123 was refused')).toBe('Authorization: Bearer [redacted] was refused');
    expect(redactSecretsInText('nothing secret here: limit=5')).toBe('nothing secret here: limit=5');
  });

  it('is applied to a logged error, message and stack', () => {
    const logged = logSerializers.err(Object.assign(new Error('upstream said no to ?token=s3cr3t (Bearer s3cr3t)'), { code: 'E_UP', statusCode: 502 }));
    expect(JSON.stringify(logged)).not.toContain('s3cr3t');
    expect(logged).toMatchObject({ type: 'Error', code: 'E_UP', statusCode: 502, message: 'upstream said no to ?token=[redacted] (Bearer [redacted])' });
  });
});

describe('the request log', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('logs each route but neither tokens, share keys nor cookies', async () => {
    const log = memoryStream();
    t = await startTestApp({ logger: { level: 'info', stream: log.stream } });
    const org = t.organizationId;
    const space = await t.call('POST', `/v1/orgs/${org}/spaces`, { body: { title: 'Beta' } });
    const site = await t.call('POST', `/v1/orgs/${org}/sites`, { body: { title: 'Private beta', visibility: 'share-link', spaces: [space.body.id] } });
    expect(site.status).toBe(201);
    await t.call('POST', `/v1/orgs/${org}/sites/${site.body.id}/publish`);
    const link = await t.call('POST', `/v1/orgs/${org}/sites/${site.body.id}/share-links`, { body: { name: 'Testers' } });
    expect(link.status).toBe(201);
    const shareKey = new URL(link.body.urls.published as string).searchParams.get('shareKey')!;
    expect(shareKey.length).toBeGreaterThan(20);

    const published = `/v1/orgs/${org}/sites/${site.body.id}/published`;
    expect((await t.call('GET', `${published}?shareKey=${encodeURIComponent(shareKey)}`)).status).toBe(200);
    expect((await t.call('GET', `${published}?shareKey=wrong-key-never-logged`)).status).toBe(404);
    const cookie = 'session=cookie-value-never-logged';
    expect((await t.call('GET', '/v1/user', { headers: { cookie } })).status).toBe(200);
    const badToken = 'quire_bad_token_never_logged';
    const refused = await t.call('GET', '/v1/user', { token: badToken });
    expect(refused.status).toBe(401);
    expect(JSON.stringify(refused.body)).not.toContain(badToken);

    const text = log.text();
    for (const secret of [t.admin.token, shareKey, 'wrong-key-never-logged', 'cookie-value-never-logged', badToken]) expect(text).not.toContain(secret);
    const urls = text.trim().split('\n').map((line) => (JSON.parse(line) as { req?: { url: string } }).req?.url).filter((url) => url !== undefined);
    expect(urls).toContain(`${published}?shareKey=[redacted]`);
    expect(urls).toContain('/v1/user');
    expect(urls).toContain(`/v1/orgs/${org}/sites/${site.body.id}/share-links`);
  });
});
