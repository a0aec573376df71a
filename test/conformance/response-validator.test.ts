// The validator must catch a response that does not match: otherwise the conformance suite proves nothing.
import { describe, expect, it } from 'vitest';
import { findOperation } from './published-spec.ts';
import { ResponseMismatch, ResponseValidator } from './response-validator.ts';

const space = {
  object: 'space',
  id: 'sp1',
  title: 'Docs',
  emoji: '',
  visibility: 'private',
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  mergeRules: { type: 'inherit' },
  urls: { location: 'http://127.0.0.1:1/v1/spaces/sp1', app: 'http://127.0.0.1:1/v1/spaces/sp1' },
  organization: 'org1',
  revision: 'rev1',
  defaultLevel: 'inherit',
  comments: 0,
  changeRequests: 0,
  changeRequestsOpen: 0,
  changeRequestsDraft: 0,
  permissions: { view: true, access: true, admin: true, viewInviteLinks: true, edit: true, triggerGitSync: true, comment: true, merge: true, review: true, installIntegration: true },
};

const json = (method: string, url: string, status: number, body: unknown) => ({ method, url, status, contentType: 'application/json; charset=utf-8', body: JSON.stringify(body) });

describe('published operations and the response validator', () => {
  it('finds the operation of a request, literal segments first', () => {
    expect(findOperation('GET', '/v1/spaces/sp1')?.operationId).toBe('getSpaceById');
    expect(findOperation('POST', '/v1/spaces/sp1/duplicate')?.operationId).toBe('duplicateSpace');
    expect(findOperation('GET', '/v1/user')?.operationId).toBe('getAuthenticatedUser');
    expect(findOperation('POST', '/v1/spaces/sp1/transfer')).toBeUndefined();
  });

  it('accepts a conforming body and refuses one that is not, naming the operation and the field', () => {
    const validator = new ResponseValidator();
    expect(validator.check(json('GET', 'http://127.0.0.1:1/v1/spaces/sp1', 200, space)).operationId).toBe('getSpaceById');
    const { permissions: _permissions, ...withoutPermissions } = space;
    expect(() => validator.check(json('GET', '/v1/spaces/sp1', 200, withoutPermissions))).toThrow(/getSpaceById → 200[\s\S]*permissions/);
    expect(() => validator.check(json('GET', '/v1/spaces/sp1', 200, { ...space, visibility: 'secret' }))).toThrow(ResponseMismatch);
    expect(() => validator.check(json('GET', '/v1/spaces/sp1', 200, { ...space, defaultLevel: null }))).not.toThrow();
  });

  it('checks error bodies against the published Error, with code equal to the status', () => {
    const validator = new ResponseValidator();
    expect(() => validator.check(json('GET', '/v1/spaces/x', 404, { error: { code: 404, message: 'space x does not exist' } }))).not.toThrow();
    expect(() => validator.check(json('GET', '/v1/spaces/x', 404, { error: { code: 400, message: 'wrong code' } }))).toThrow(/error.code/);
    expect(() => validator.check(json('GET', '/v1/spaces/x', 500, { message: 'no envelope' }))).toThrow(ResponseMismatch);
  });

  it('wants no body on 204 and 205, and only declared statuses', () => {
    const validator = new ResponseValidator();
    expect(() => validator.check({ method: 'DELETE', url: '/v1/spaces/x', status: 205, contentType: null, body: '' })).not.toThrow();
    expect(() => validator.check({ method: 'DELETE', url: '/v1/spaces/x', status: 205, contentType: 'application/json', body: 'null' })).toThrow(/no body/);
    expect(() => validator.check(json('GET', '/v1/spaces/sp1', 201, space))).toThrow(/not 201/);
  });
});
