import { agencyMeta } from '../agencyMeta.ts';

export const meta = agencyMeta;
