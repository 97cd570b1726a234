// A publish webhook is signed as the site signs its own lead deliveries (decision 027).
export { checkSignature, SIGNATURE_HEADER, signBody as signRevalidation } from '../../platform/http/bodySignature.ts';
