import { DiseaseDetailScreen } from '../../features/diseases/components/disease-detail-screen.tsx';

export const Component = DiseaseDetailScreen;
