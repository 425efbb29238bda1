import { displayAlteringCharacter, DomainError, FieldErrors, hasControlCharacters, InternalError, isDomainError, parseEnvironment, ValidationError } from '../index';

describe('parseEnvironment', () => {
  it.each(['lab', 'staging', 'prod'])('accepts %s', (env) => expect(parseEnvironment(env)).toBe(env));
  it.each(['production', 'PROD', '', 'dev'])('rejects %p naming the field and the choices', (env) => {
    expect(() => parseEnvironment(env)).toThrow(`environment: unknown environment '${env}'; expected one of lab, staging, prod`);
  });
});

describe('FieldErrors', () => {
  it('collects every field error and throws them together', () => {
    const errors = new FieldErrors();
    errors.collect(() => parseEnvironment('x'));
    errors.add('port', 'must be 1-65535');
    expect(() => errors.throwIfAny()).toThrow(ValidationError);
    try {
      errors.throwIfAny();
    } catch (error) {
      expect((error as ValidationError).errors.map((e) => e.field)).toEqual(['environment', 'port']);
      expect((error as ValidationError).details()).toEqual({ errors: (error as ValidationError).errors });
    }
  });

  it('passes through errors that are not validation errors', () => {
    expect(() => new FieldErrors().collect(() => { throw new Error('boom'); })).toThrow('boom');
  });

  it('does nothing when empty', () => expect(() => new FieldErrors().throwIfAny()).not.toThrow());
});

describe('DomainError', () => {
  it('keeps a stable code, a fault and the subclass name', () => {
    const error = new InternalError('corrupt row');
    expect(isDomainError(error)).toBe(true);
    expect(error).toBeInstanceOf(DomainError);
    expect(error.name).toBe('InternalError');
    expect(error.fault).toBe('system');
    expect(ValidationError.single('a', 'b').fault).toBe('user');
    expect(isDomainError(new Error('x'))).toBe(false);
  });
});

describe('hasControlCharacters', () => {
  it.each([['plain', false], ['tab\there', true], ['nl\n', true], ['del\u007f', true], ['ünïcode ok', false]] as const)(
    '%p → %p',
    (text, expected) => expect(hasControlCharacters(text)).toBe(expected),
  );
});

describe('displayAlteringCharacter', () => {
  it.each([
    ['plain ünïcode, emoji 🚀 and CJK 路由器', undefined],
    ['tab\there', 'U+0009'],
    ['evil\u202Egnp.exe', 'U+202E'],
    ['iso\u2066late', 'U+2066'],
    ['zero\u200Bwidth', 'U+200B'],
    ['rlm\u200F', 'U+200F'],
    ['word\u2060joiner', 'U+2060'],
    ['\uFEFFbom', 'U+FEFF'],
    ['line\u2028sep', 'U+2028'],
    ['soft\u00ADhyphen', 'U+00AD'],
  ] as const)('%p → %p', (text, expected) => expect(displayAlteringCharacter(text)).toBe(expected));
});
