import { wordsMeta } from '../wordsMeta.ts';

export const meta = wordsMeta;
