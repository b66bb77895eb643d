import { DiseaseListScreen } from '../../features/diseases/components/disease-list-screen.tsx';

export const Component = DiseaseListScreen;
