import { describe, expect, it } from 'vitest';
import { operationIdOf, securityOf } from './openapi';

describe('securityOf', () => {
  const session = [{ sessionCookie: [] }, { bearerToken: [] }];

  it('needs nothing for public operations', () => {
    expect(securityOf({})).toEqual([]);
    expect(securityOf({ auth: 'none' })).toEqual([]);
  });

  it('offers the session as an option, or requires it for user types', () => {
    expect(securityOf({ auth: 'optional' })).toEqual([{}, ...session]);
    expect(securityOf({ auth: ['individual'] })).toEqual(session);
  });

  it('adds the e-mail proof where the operation reads it', () => {
    expect(securityOf({ emailAuthorization: 'required' })).toEqual([{ emailAuthorization: [] }]);
    expect(securityOf({ emailAuthorization: 'optional' })).toEqual([{}, { emailAuthorization: [] }]);
    expect(securityOf({ auth: ['organ'], emailAuthorization: 'required' })).toEqual([
      { sessionCookie: [], emailAuthorization: [] },
      { bearerToken: [], emailAuthorization: [] },
    ]);
  });
});

describe('operationIdOf', () => {
  it('joins the method and the path', () => {
    expect(operationIdOf('GET', '/api/amsw0101/statistics')).toBe('get_amsw0101_statistics');
    expect(operationIdOf('PUT', '/api/amsw0103')).toBe('put_amsw0103');
    expect(operationIdOf('POST', '/api/amsw0302/ics.v2')).toBe('post_amsw0302_ics_v2');
  });
});
