import { policyPage } from '@/app/_lib/policy-page';

const page = policyPage('subscription', '/subscription-policy');
export const generateMetadata = page.generateMetadata;
export default page.Page;
