import path from 'node:path';
import { css, keyframes } from '@emotion/react';
import { describe, expect, test } from 'vitest';
import * as theme from '../shared/theme/theme.ts';
import { finishStyles, minifyCss } from './staticStyles.ts';

const THEME_MODULE = path.resolve('shared/theme/theme.ts');
const FILE = path.resolve('shared/ui/Example.tsx');
const finish = (source: string) => finishStyles(source, FILE, THEME_MODULE, theme);
const header = "import { css, keyframes } from '@emotion/react';\nimport { colors, mq, space, minWidth } from '../theme/theme.ts';\n";

describe('minifyCss', () => {
  test('drops comments and the whitespace CSS does not need, keeps what it does', () => {
    expect(
      minifyCss([
        `
      /* a comment */
      color: red;
      & :focus-visible { outline: 0; }
      width: calc(1rem + 2px);
      font-family: 'Segoe  UI', "a ; b";
      @media (min-width: 768px) { a , b { margin : 0 ; } }
    `,
      ]),
    ).toEqual([
      'color:red;& :focus-visible{outline:0}width:calc(1rem + 2px);font-family:\'Segoe  UI\',"a ; b";@media (min-width:768px){a,b{margin :0}}',
    ]);
  });

  test('keeps every hole where it was', () => {
    expect(minifyCss(['\n  animation: ', ' 1s;\n  ', '\n'])).toEqual(['animation:', ' 1s;', '']);
  });

  test('refuses an interpolation inside a comment, which would shift the holes after it', () => {
    expect(() => minifyCss(['/* as tall as ', ' */ height: ', ';'])).toThrow(/inside a CSS comment/);
    expect(minifyCss(['/* no hole here */ height: ', ';'])).toEqual(['height:', ';']);
  });
});

describe('finishStyles', () => {
  test('a template of theme values becomes the object Emotion serializes for its minified text, with the same class name', () => {
    const out = finish(`${header}const a = css\`\n  color: \${colors.navy};\n  padding: \${space[4]};\n  \${mq.md} { padding: 0; }\n\`;`);
    const minified = `color:${theme.colors.navy};padding:${theme.space[4]};${theme.mq.md.replace(': ', ':')}{padding:0}`;
    const expected = css`${minified}`;
    expect(out).toContain(`const a = { name: ${JSON.stringify(expected.name)}, styles: ${JSON.stringify(minified)} };`);
  });

  test('calls of theme functions are evaluated too', () => {
    expect(finish(`${header}const a = css\`\${minWidth(720)} { display: none; }\`;`)).toContain('@media (min-width:720px){display:none}');
  });

  test('a template with another interpolation keeps its call, with the theme values put in', () => {
    const out = finish(
      `${header}const other = css\`color: red;\`;\nconst a = (size: string) => css\`\${other}; width: \${size}; color: \${colors.ink};\`;`,
    );
    expect(out).toContain(`css\`\${other};width:\${size};color:${theme.colors.ink};\``);
  });

  test('keyframes stay calls (Emotion gives them their own name), minified', () => {
    const out = finish(`${header}const spin = keyframes\`\n  from { opacity: 0; }\n  to { opacity: 1; }\n\`;`);
    expect(out).toContain('keyframes`from{opacity:0}to{opacity:1}`');
    expect(typeof keyframes`from{opacity:0}`.name).toBe('string');
  });

  test('a module without Emotion, a template with a // comment and a tag of another library are left alone', () => {
    const plain = "import { colors } from '../theme/theme.ts';\nconst a = `${colors.navy}`;";
    expect(finish(plain)).toBe(plain);
    const comment = `${header}const a = css\`color: red; // why\n\`;`;
    expect(finish(comment)).toBe(comment);
    const other = `import { css } from 'other';\nconst a = css\`color:  red;\`;`;
    expect(finish(other)).toBe(other);
  });
});
