export { wordsMeta as meta } from '../wordsMeta.ts';
