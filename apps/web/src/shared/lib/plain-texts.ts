import type { i18n as I18n } from 'i18next';

/** What makes a text more than itself: an interpolation or a nested text (i18next's defaults). */
const INTERPOLATION = '{{';
const NESTING = '$t(';

/**
 * i18next's `getFixedT` as called: react-i18next passes a fourth argument, its namespaces in scope,
 * which i18next's typings do not describe.
 */
type Texts = (key: unknown, ...rest: unknown[]) => unknown;
type GetFixedT = (
  language: unknown,
  namespace?: unknown,
  keyPrefix?: unknown,
  fixedOptions?: { scopeNs?: readonly string[] },
) => Texts;

/**
 * Marks an instance already wrapped, on the instance itself: i18next's module can outlive the app's
 * (the unit tests' workers keep the packages between files), and a wrapper of a wrapper would do the
 * work twice.
 */
const WRAPPED = '__klPlainTexts';

/**
 * Plain texts without i18next's per-call work. A text asked for without options (`t('home.title')`,
 * most of the interface's) whose stored value is a plain string — no interpolation, no nested text —
 * is that string: it is read from the store and returned. Everything else (options, a namespace in the
 * key, a missing key, a value to interpolate) goes to i18next as before. i18next's `t` copies its
 * whole configuration into a new options object and runs its translator on every call, for every text
 * of every render (docs/performance.md).
 *
 * Applied to the instance the app and the server's rendering use: their `t` from `useTranslation` is
 * the instance's `getFixedT`, which this wraps. The functions are shared per language and namespace
 * (they hold nothing else), instead of one new pair per component.
 */
export function withPlainTexts(instance: I18n): I18n {
  if (Object.hasOwn(instance, WRAPPED)) return instance;
  Object.defineProperty(instance, WRAPPED, { value: true });
  const getFixedT = (instance.getFixedT as unknown as GetFixedT).bind(instance);
  const shared = new Map<string, Texts>();
  const wrapper: GetFixedT = (...args) => {
    const [language, namespace, keyPrefix, fixedOptions] = args;
    const scope = fixedOptions?.scopeNs;
    if (
      typeof language !== 'string' ||
      typeof namespace !== 'string' ||
      keyPrefix !== undefined ||
      (scope !== undefined && (scope.length !== 1 || scope[0] !== namespace))
    ) {
      return getFixedT(...args);
    }
    const id = `${language}\u0000${namespace}`;
    let t = shared.get(id);
    if (!t) {
      const fixed = getFixedT(...args);
      const plain: Texts = (key, ...rest) => {
        if (rest.length === 0 && typeof key === 'string') {
          const text: unknown = instance.getResource(language, namespace, key);
          if (typeof text === 'string' && !text.includes(INTERPOLATION) && !text.includes(NESTING)) {
            return text;
          }
        }
        return fixed(key, ...rest);
      };
      // The language, namespaces and key prefix i18next's function carries as its own properties.
      t = Object.assign(plain, fixed);
      shared.set(id, t);
    }
    return t;
  };
  instance.getFixedT = wrapper as unknown as I18n['getFixedT'];
  return instance;
}
