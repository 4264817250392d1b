console.log('zilch');
