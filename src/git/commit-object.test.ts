import { describe, expect, it } from 'vitest';
import { commitSubject, parseCommitObject, parseIdentity } from './commit-object.ts';

describe('commitSubject', () => {
  it.each([
    ['Fix typo\n', 'Fix typo'],
    ['Fix typo', 'Fix typo'],
    ['\n\n  \nFix typo  \n\nBody\n', 'Fix typo'],
    ['A subject that\nwraps onto two lines\n\nBody', 'A subject that wraps onto two lines'],
    ['Trailing\t \r\nCR\n', 'Trailing CR'],
    ['', ''],
  ])('takes the first paragraph of %j as git log --format=%%s does', (message, subject) => {
    expect(commitSubject(message)).toBe(subject);
  });
});

describe('parseIdentity', () => {
  it('reads the time zone as minutes east of UTC', () => {
    expect(parseIdentity('Ada <ada@example.com> 1663314067 +0300')).toEqual({ name: 'Ada', email: 'ada@example.com', timestamp: 1663314067, timezoneOffset: 180 });
    expect(parseIdentity('Ada <ada@example.com> 1663314067 -0930')).toMatchObject({ timezoneOffset: -570 });
    expect(parseIdentity('<nobody@example.com> 0 +0000')).toMatchObject({ name: '', email: 'nobody@example.com' });
  });

  it('tolerates malformed lines, as git does', () => {
    expect(parseIdentity('Broken <broken@example.com>')).toEqual({ name: 'Broken', email: 'broken@example.com', timestamp: 0, timezoneOffset: 0 });
  });
});

describe('parseCommitObject', () => {
  it('keeps the message byte for byte and skips signature headers', () => {
    const text = [
      'tree 4b825dc642cb6eb9a060e54bf8d69288fbee4904',
      'parent 0000000000000000000000000000000000000001',
      'parent 0000000000000000000000000000000000000002',
      'author A <a@example.com> 1 +0100',
      'committer C <c@example.com> 2 -0100',
      'gpgsig -----BEGIN PGP SIGNATURE-----',
      ' ',
      ' abc',
      ' -----END PGP SIGNATURE-----',
      '',
      'Merge\r\n\n\nBody\n\n',
    ].join('\n');
    const commit = parseCommitObject('f'.repeat(40), new TextEncoder().encode(text));
    expect(commit).toEqual({
      oid: 'f'.repeat(40),
      tree: '4b825dc642cb6eb9a060e54bf8d69288fbee4904',
      parents: ['0000000000000000000000000000000000000001', '0000000000000000000000000000000000000002'],
      message: 'Merge\r\n\n\nBody\n\n',
      subject: 'Merge',
      author: { name: 'A', email: 'a@example.com', timestamp: 1, timezoneOffset: 60 },
      committer: { name: 'C', email: 'c@example.com', timestamp: 2, timezoneOffset: -60 },
    });
  });
});
