import { array, type } from 'superstruct';
import { Anchored, LinkWords, Steps, TitledText } from '../blockStructs.ts';

/** The page's blocks; the buttons are `shortcuts`, as JSON:API reserves `links` at any depth. */
export const SuccessBlocks = type({ hero: TitledText, next: type({ ...Steps.schema, shortcuts: array(LinkWords) }), subscribe: Anchored });
