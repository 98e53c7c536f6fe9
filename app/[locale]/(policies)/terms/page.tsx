import { policyPage } from '@/app/_lib/policy-page';

const page = policyPage('terms', '/terms');
export const generateMetadata = page.generateMetadata;
export default page.Page;
