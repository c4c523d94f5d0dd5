import { describe, expect, it } from 'vitest';
import { validateLogin } from './validate';

describe('validateLogin (spec §5)', () => {
  it('passes a filled form', () => {
    expect(validateLogin({ userName: 'alice', password: 'secret' })).toEqual({});
  });

  it('requires a user name (whitespace does not count)', () => {
    expect(validateLogin({ userName: '', password: 'p' })).toEqual({
      userName: 'login.userNameRequired',
    });
    expect(validateLogin({ userName: '   ', password: 'p' })).toEqual({
      userName: 'login.userNameRequired',
    });
  });

  it('requires a password; a password of spaces is still a password', () => {
    expect(validateLogin({ userName: 'a', password: '' })).toEqual({
      password: 'login.passwordRequired',
    });
    expect(validateLogin({ userName: 'a', password: '  ' })).toEqual({});
  });

  it('reports both at once', () => {
    expect(validateLogin({ userName: '', password: '' })).toEqual({
      userName: 'login.userNameRequired',
      password: 'login.passwordRequired',
    });
  });
});
