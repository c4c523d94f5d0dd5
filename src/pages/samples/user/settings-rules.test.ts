import { describe, expect, it } from 'vitest';
import { AVATAR_MAX_BYTES, avatarProblem, saveInfoBody } from './settings-rules';

describe('user settings', () => {
  it('sends trimmed text and leaves empty optional fields out', () => {
    expect(
      saveInfoBody({
        email: ' a@b.cn ',
        nickname: ' 小明 ',
        countryRegion: 'china',
        area: '  ',
        profile: ' 你好 ',
      }),
    ).toEqual({ email: 'a@b.cn', nickname: '小明', countryRegion: 'china', profile: '你好' });
  });

  it('takes images up to the size limit only', () => {
    expect(avatarProblem({ type: 'image/png', size: 1000 })).toBeNull();
    expect(avatarProblem({ type: 'image/png', size: AVATAR_MAX_BYTES + 1 })).toBe('size');
    expect(avatarProblem({ type: 'application/pdf', size: 10 })).toBe('type');
  });
});
