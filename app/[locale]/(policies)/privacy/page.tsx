import { policyPage } from '@/components/layout/policy-page';

const page = policyPage('privacy', '/privacy');
export const generateMetadata = page.generateMetadata;
export default page.Page;
