import { policyPage } from '@/components/layout/policy-page';

const page = policyPage('terms', '/terms');
export const generateMetadata = page.generateMetadata;
export default page.Page;
