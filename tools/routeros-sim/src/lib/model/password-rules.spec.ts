import { refusalOf } from '../testing/rest-error-detail.fixture';
import { newPassword, passwordCategories, passwordRefusal, USER_SETTINGS_MENU } from './password-rules';

const settings = (length: number, categories: number) => ({ 'minimum-password-length': String(length), 'minimum-categories': String(categories) });
const rowsWith = (length: number, categories: number) => (path: string) => (path === 'user/settings' ? [settings(length, categories)] : []);
const refusal = refusalOf;

describe('/user/settings password rules (MikroTik manual, User: User Settings)', () => {
  it('counts the four categories: uppercase, lowercase, digit, symbol (anything else, blanks and UTF-8 included)', () => {
    expect(passwordCategories('')).toBe(0);
    expect(passwordCategories('abc')).toBe(1);
    expect(passwordCategories('aB3')).toBe(3);
    expect(passwordCategories('aB3!')).toBe(4);
    expect(passwordCategories('ab cd')).toBe(2);
    expect(passwordCategories('pässword')).toBe(2);
  });

  it('nothing is required by the factory values; length counts characters, not bytes', () => {
    expect(passwordRefusal('', settings(0, 0))).toBeUndefined();
    expect(passwordRefusal('', undefined)).toBeUndefined();
    expect(passwordRefusal('äöü', settings(3, 0))).toBeUndefined();
    expect(passwordRefusal('ab', settings(3, 0))).toBe('failure: password must be at least 3 characters long');
    expect(passwordRefusal('abcdef', settings(3, 2))).toBe('failure: password must contain at least 2 of: uppercase, lowercase, digit, symbol');
    expect(passwordRefusal('abcde1', settings(3, 2))).toBeUndefined();
  });

  it('takes minimum-password-length 0..4294967295 and minimum-categories 0..4, as whole numbers', () => {
    const rule = (key: string, value: string) => USER_SETTINGS_MENU.argRule!(key, value, { command: 'set', version: '7.20.5', rowsOf: () => [] });
    expect(rule('minimum-categories', '4')).toBe('4');
    expect(rule('minimum-password-length', '012')).toBe('12');
    expect(rule('minimum-password-length', '4294967295')).toBe('4294967295');
    expect(refusal(() => rule('minimum-categories', '5'))).toBe('value of minimum-categories out of range (0..4)');
    expect(refusal(() => rule('minimum-password-length', '4294967296'))).toBe('value of minimum-password-length out of range (0..4294967295)');
    expect(refusal(() => rule('minimum-categories', '-1'))).toBe('invalid value for argument minimum-categories');
    expect(refusal(() => rule('minimum-password-length', '2e0'))).toBe('invalid value for argument minimum-password-length');
  });
});

describe('/password', () => {
  const body = (old: string, next: string, confirm = next) => ({ 'old-password': old, 'new-password': next, 'confirm-new-password': confirm });
  const isOld = (old: string) => old === 'old';

  it('checks the old password, then that both new ones agree, then the settings', () => {
    expect(newPassword(body('old', 'Next-pw-1'), isOld, rowsWith(8, 3))).toBe('Next-pw-1');
    expect(refusal(() => newPassword(body('bad', 'x', 'y'), isOld, rowsWith(0, 0)))).toBe('failure: old password is not valid');
    expect(refusal(() => newPassword(body('old', 'x', 'y'), isOld, rowsWith(0, 0)))).toBe('failure: new passwords do not match');
    expect(refusal(() => newPassword(body('old', 'short'), isOld, rowsWith(8, 0)))).toBe('failure: password must be at least 8 characters long');
    expect(refusal(() => newPassword({ 'old-password': 'old', 'new-password': 'x' }, isOld, rowsWith(0, 0)))).toBe('missing value for confirm-new-password');
  });

  it('never puts a password into a refusal', () => {
    for (const fn of [() => newPassword(body('secret-old', 'secret-new'), isOld, rowsWith(0, 0)), () => newPassword(body('old', 'secret-new', 'secret-new2'), isOld, rowsWith(0, 0)), () => newPassword(body('old', 'secret'), isOld, rowsWith(80, 4))]) {
      expect(refusal(fn)).not.toMatch(/secret/);
    }
  });
});
