import { PanelLoading } from '@/components/panel/panel-loading';

export default function Loading() {
  return <PanelLoading />;
}
