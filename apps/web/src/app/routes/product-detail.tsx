import { ProductDetailScreen } from '../../features/products/components/product-detail-screen.tsx';

export const Component = ProductDetailScreen;
