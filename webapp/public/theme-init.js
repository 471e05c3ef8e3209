// Apply the remembered dark mode before the first paint, so the page does not flash light.
try {
  if (localStorage.getItem('tribune.darkMode') === 'true') {
    document.documentElement.setAttribute('data-theme', 'dark');
    document.getElementById('theme-link').href = '/themes/lara-dark-blue/theme.css';
  }
} catch (e) {}
