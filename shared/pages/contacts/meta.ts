export { agencyMeta as meta } from '../agencyMeta.ts';
