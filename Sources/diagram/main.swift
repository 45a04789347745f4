print("diagram")
