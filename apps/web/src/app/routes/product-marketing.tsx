import { MarketingScreen } from '../../features/products/components/marketing-screen.tsx';

export const Component = MarketingScreen;
