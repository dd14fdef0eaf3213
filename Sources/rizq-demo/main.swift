print("rizq-demo")
