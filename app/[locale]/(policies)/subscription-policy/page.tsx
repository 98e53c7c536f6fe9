import { policyPage } from '@/components/layout/policy-page';

const page = policyPage('subscription', '/subscription-policy');
export const generateMetadata = page.generateMetadata;
export default page.Page;
