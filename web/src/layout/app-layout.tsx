import { Box, Container } from '@chakra-ui/react';
import { Header } from '@web/layout/header.tsx';
import { Outlet } from 'react-router-dom';

/** The frame around every page. The collapsible server-driven menu (SPEC.md section 2) slots in beside <main>. */
export function AppLayout() {
  return (
    <Box minH="100dvh" bg="bg.subtle">
      <Header />
      <Container as="main" maxW="6xl" py={{ base: '6', md: '8' }}>
        <Outlet />
      </Container>
    </Box>
  );
}
