import { expect, test } from 'vitest';
import { isEmpty, validateValue, type Rule } from './validators.ts';

const check = (value: unknown, rules: Rule[], values?: Record<string, unknown>) =>
  validateValue(value, rules, { label: 'Телефон', values });

test('required rejects empty, whitespace-only, an empty list, false, null and undefined', () => {
  for (const value of ['', '   ', '\n\t', [], false, null, undefined]) {
    expect(check(value, ['required'])).toBe('Поле обязательно для заполнения');
  }
  for (const value of ['a', ' a ', ['file'], true, 0]) expect(check(value, ['required'])).toBeUndefined();
  expect(isEmpty(' ')).toBe(true);
});

test('email accepts ordinary and Cyrillic-domain addresses, in Unicode or as a browser hands them over, and rejects the rest', () => {
  for (const value of [
    'ivan@example.ru',
    'i.petrov+lead@mail.co.uk',
    'anna@почта.рф',
    ' ivan@example.ru ',
    'ivan@xn--80a1acny.xn--p1ai',
    'ivan@пример.испытание',
    'ivan@xn--e1afmkfd.xn--80akhbyknj4f',
    'ivan@почта.xn--p1ai',
  ]) {
    expect(check(value, ['email'])).toBeUndefined();
  }
  for (const value of [
    'ivan',
    'ivan@',
    '@example.ru',
    'ivan@example',
    'iv an@example.ru',
    'ivan@@example.ru',
    'ivan@.ru',
    'ivan@mail.xn--',
    'ivan@mail.xn--p1ai-',
    'ivan@mail.x1',
  ]) {
    expect(check(value, ['email'])).toBe('Введите корректный email адрес');
  }
});

test('min counts characters, not bytes, and names the minimum', () => {
  expect(check('Ян', [['min', 2]])).toBeUndefined();
  expect(check('Я', [['min', 2]])).toBe('Поле должно быть не короче 2 символов');
  expect(check('😀😀', [['min', 2]])).toBeUndefined();
});

test('confirmed compares with the target field', () => {
  expect(check('secret1', [['confirmed', 'password']], { password: 'secret1' })).toBeUndefined();
  expect(check('secret2', [['confirmed', 'password']], { password: 'secret1' })).toBe('Пароли не совпадают');
});

test('alpha_num accepts letters of any alphabet and digits, in any case', () => {
  for (const value of ['abc123', 'Пароль2026', 'ABC', 'ёжик', 'ΑΒΓ1']) expect(check(value, ['alpha_num'])).toBeUndefined();
  for (const value of ['abc 123', 'abc-1', 'пароль!', 'a_b']) {
    expect(check(value, ['alpha_num'])).toBe('Пароль должен содержать буквы A-z разного регистра и цифры 0-9');
  }
});

test('required-true needs a truthy value', () => {
  expect(check(true, ['required-true'])).toBeUndefined();
  for (const value of [false, undefined, null, '']) expect(check(value, ['required-true'])).toBe('Необходимо выбрать поле');
});

test('any other rule answers "{field} is not valid" with the field label', () => {
  expect(check('12', ['phone'])).toBe('Телефон is not valid');
  expect(check('x'.repeat(11), [['max', 10]])).toBe('Телефон is not valid');
  expect(check('Другое', [['oneOf', ['А', 'Б']]])).toBe('Телефон is not valid');
  expect(check('не ссылка', ['url'])).toBe('Телефон is not valid');
});

test('phone accepts the usual Russian notations', () => {
  for (const value of ['+7 (912) 345-67-89', '8 912 345 67 89', '89123456789', '+44 20 7946 0958']) {
    expect(check(value, ['phone'])).toBeUndefined();
  }
  for (const value of ['12345', 'телефон', '+7 912 345 67 89 12 34 56']) expect(check(value, ['phone'])).toBeDefined();
});

test('url accepts a link with or without a scheme', () => {
  for (const value of ['https://behance.net/ivan', 'behance.net/ivan', 'http://example.ru']) expect(check(value, ['url'])).toBeUndefined();
  for (const value of ['javascript:alert(1)', 'ftp://example.ru', 'example', 'a b.ru']) expect(check(value, ['url'])).toBeDefined();
});

test('rules other than required skip empty values; the first failing rule gives the message', () => {
  expect(check('', ['email', ['min', 5], 'phone'])).toBeUndefined();
  expect(check('', ['required', 'email'])).toBe('Поле обязательно для заполнения');
  expect(check('ab', ['email', ['min', 5]])).toBe('Введите корректный email адрес');
});
